/** Tables owned by the greetings capability (see server/db/migrations). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the capability adds tables
export interface GreetingsTables {}
