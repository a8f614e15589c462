/**
 * Page text goes into prompts between <page> and </page>. A page that writes "</page>" itself must
 * not be able to close the fence and speak outside it, so such tags inside are defused.
 */
export function fencePageText(text: string): string {
  return text.replace(/<\/?\s*(page|example-page)\b[^>]*>/gi, (tag) => tag.replace('<', '&lt;'));
}
