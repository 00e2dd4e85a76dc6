/** The profiles module's public face: the service (the daily rating job) and its file parts. */
export { profileFileFields } from "./profile-file-fields";
export { createProfilesService, type ProfilesService } from "./profiles.service";
