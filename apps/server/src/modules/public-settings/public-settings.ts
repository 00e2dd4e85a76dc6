import { MIN_WITHDRAWAL_CENTS, type PublicSettings } from "@leadquiz/contract";
import type { AppConfig } from "../../config";

/**
 * Every public setting this server answers, from its configuration (docs/api.md "Public
 * settings"): the operator changes them through the environment, the apps read them here
 * instead of keeping their own copies. Settings that are not configured are left out.
 */
export function publicSettingsOf(config: AppConfig): PublicSettings {
  return {
    referral_percentage: config.referralPercentage,
    min_withdrawal: MIN_WITHDRAWAL_CENTS / 100,
    trial_days: config.trialDays,
    visitor_url: config.visitorUrl,
    ...(config.courseUrl ? { course_url: config.courseUrl } : {}),
    ...(config.supportEmail ? { support_email: config.supportEmail } : {}),
  };
}

/** The asked settings that exist; unknown names are left out, as the contract says. */
export function pickSettings(all: PublicSettings, keys: readonly string[]): PublicSettings {
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    if (Object.hasOwn(all, key)) picked[key] = all[key as keyof PublicSettings];
  }
  return picked as PublicSettings;
}
