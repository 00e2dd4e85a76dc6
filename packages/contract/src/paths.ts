/** The versioned base path of every API call. */
export const API_PREFIX = "/api/v1";
