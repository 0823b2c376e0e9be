/** The page a request for a page of cameras asks for (`?page=`). */
export const pageAsked = (url: string | undefined): number =>
  Number(new URL(url ?? '', 'http://system').searchParams.get('page'));

/**
 * Page `page` of a fake camera system's answer: of its `cameras` cameras, `perPage` a page
 * whatever per_page asks, with next_page until the last of them.
 */
export function cameraPage(page: number, cameras: number, perPage: number) {
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, cameras);
  return {
    data: Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => ({
      id: `cam-${first + index}`,
      name: `Camera ${first + index}`,
    })),
    meta: { next_page: last < cameras ? page + 1 : null },
  };
}
