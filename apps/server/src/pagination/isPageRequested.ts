/** Whether a request asks for a page rather than the whole list: it sends `limit` or `cursor`. */
export function isPageRequested(params: {
  limit?: number | undefined;
  cursor?: string | undefined;
}): boolean {
  return params.limit !== undefined || params.cursor !== undefined;
}
