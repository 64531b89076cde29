/** The relative web-app URL of a page (resolved against the web app's origin). */
export function pageUrl(publicId: string): string {
  return `/wiki/pages/${publicId}`;
}
