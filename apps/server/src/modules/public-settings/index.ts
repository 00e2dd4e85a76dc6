/** The public-settings module's public face: the settings `key_value/` answers. */
export { publicSettingsOf } from "./public-settings";
