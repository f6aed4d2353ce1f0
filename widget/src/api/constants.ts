/**
 * The provider API's default base URL (spec §9 "Default API base URL {host}"). This module is the
 * only owner of the constant: the voice core, the element and the API client import it from here.
 */
export const DEFAULT_API_BASE_URL = 'https://api.vapi.ai';
