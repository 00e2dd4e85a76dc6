import {
  AVATAR_MAX_MB,
  CERTIFICATE_MAX_MB,
  endpointKey,
  endpoints,
  PORTFOLIO_FILE_MAX_MB,
} from "@leadquiz/contract";
import type { ProfileFileRule } from "../media";

/** A file part a route takes: which types and how many MB at most. */
export interface FileFieldRule {
  rule: ProfileFileRule;
  maxMb: number;
}

/** The file parts of PATCH profile/ (docs/profile-rating.md "Files"). */
export const profileFileRules = {
  avatar: { rule: "image", maxMb: AVATAR_MAX_MB },
  certificate: { rule: "image_or_pdf", maxMb: CERTIFICATE_MAX_MB },
} satisfies Record<string, FileFieldRule>;
/** The file part of POST portfolio/ and PATCH portfolio/{id}/. */
export const portfolioFiles = {
  file: { rule: "image_or_pdf", maxMb: PORTFOLIO_FILE_MAX_MB },
} satisfies Record<string, FileFieldRule>;

/** The file parts of each multipart operation, by `METHOD /path` as OpenAPI spells it. */
export const profileFileFields: Readonly<Record<string, Record<string, FileFieldRule>>> = {
  [endpointKey(endpoints.updateProfile)]: profileFileRules,
  [endpointKey(endpoints.createPortfolioItem)]: portfolioFiles,
  [endpointKey(endpoints.updatePortfolioItem)]: portfolioFiles,
};
