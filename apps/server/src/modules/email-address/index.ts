/** The email-address module's public face: verifying and changing an account's e-mail address. */
export {
  createEmailAddressService,
  EMAIL_LINK_TTL_MS,
  type EmailAddressService,
} from "./email-address.service";
