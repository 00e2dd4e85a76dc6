/** The additions module's public face: the additions service. */
export { createAdditionsService } from "./additions.service";
