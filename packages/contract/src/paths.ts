/** The versioned base path of every API call. */
export const API_PREFIX = "/api/v1";

/** Paths of the API below API_PREFIX, exactly as spec section 7 and design/api.md name them. */
export const apiPaths = {
  health: "/health/",
  register: "/register/",
  token: "/token/",
  tokenRefresh: "/token/refresh/",
  logout: "/logout/",
  passwordReset: "/password_reset/",
  passwordResetConfirm: "/password_reset/confirm/",
  changePassword: "/change-password/",
  userinfo: "/userinfo/",
  userinfoById: (id: number | string) => `/userinfo/${id}/`,
  authProviders: "/auth/providers/",
  authStart: (provider: string) => `/auth/${provider}/start/`,
  authCallback: (provider: string) => `/auth/${provider}/callback/`,
} as const;
