/** Alias names and static-value keys (mapping-language §9.7). */
export const BINDING_KEY_PATTERN = /^[A-Za-z0-9_]+$/;
