/**
 * The templates module's public face: the template file format and its check, the
 * catalogue table, and the catalogue service (docs/templates.md).
 */
export {
  checkTemplateDirectory,
  TEMPLATE_DATA_DIR,
  templateImages,
} from "./template-check";
export { templateSnapshot, text as templateText } from "./template-compile";
export {
  type TemplateFile,
  type TemplateLanguage,
  templateLanguages,
  templateThemes,
  templateTypes,
} from "./template-file";
export {
  deleteTemplateRow,
  findLiveTemplate,
  listTemplateRows,
  upsertTemplateRow,
} from "./templates.repository";
