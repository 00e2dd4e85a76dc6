/** The leads module's public face: the leads service (a visitor's lead, checked and stored). */
export { createLeadsService } from "./leads.service";
