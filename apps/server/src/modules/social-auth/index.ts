/** The social-auth module's public face: the social sign-in service. */
export { createSocialAuthService, type SocialAuthService } from "./social-auth.service";
