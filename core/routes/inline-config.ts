/** The id of the script element that carries the public config inline in a prerendered page (the server writes it, the SPA reads it). */
export const inlineConfigId = 'public-config';
