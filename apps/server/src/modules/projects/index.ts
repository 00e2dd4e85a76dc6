/**
 * The projects module's public face: the projects service and the owned-project lookup
 * and insert a workflow runs inside its transaction (the project copy).
 */
export { findOwnedProject, insertProject, type ProjectRow } from "./projects.repository";
export { createProjectsService, type ProjectsService } from "./projects.service";
