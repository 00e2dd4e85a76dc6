/** The form-fields module's public face: the form-fields service. */
export { createFormFieldsService } from "./form-fields.service";
