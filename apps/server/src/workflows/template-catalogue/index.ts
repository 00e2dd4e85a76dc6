/** The template catalogue workflow: seeding templates from files, copying, making them. */

export { createTemplateCopyWorkflow, type TemplateCopyWorkflow } from "./template-copy.workflow";
export { type SeedReport, seedTemplates } from "./template-seed";
