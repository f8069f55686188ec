/** The element id of a use case's field: its label's, the focus's and the tests' handle. */
export function fieldElementId(fieldId: string): string {
  return `generator-field-${fieldId}`;
}
