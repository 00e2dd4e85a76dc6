/** The most portfolio items one specialist profile holds (docs/profile-rating.md). */
export const PORTFOLIO_MAX_ITEMS = 30;
