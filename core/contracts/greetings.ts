/**
 * The greeting builder's wire contract, shared by the SPA and the server: `GET /greetings?text&voice`
 * (SPEC §7) and the voice list. One schema per payload; the types come from `z.infer`.
 */
export * from './greetings-values';
export * from './greetings-schemas';
