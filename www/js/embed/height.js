// embed/height.js: a page shown in another's iframe (the ring's and the graph's `embed=1`, story.html) tells its parent its height, and the snippet a parent pastes beside the iframe to size it so.

/**
 * What a post puts after its iframe (the share dialogs and the story writer give it with the iframe, as the
 * README does): it sets each Loopy iframe's height to the one its page reports. A story scrolls inside its frame
 * (its figure stays in view there), so its frame is at most 90 % of the post's viewport high. Where scripts are
 * stripped, the iframe keeps its own width and height.
 */
export const PARENT_SNIPPET = `<script>
  addEventListener('message', (e) => {
    if (e.data?.type !== 'loopy:resize') return;
    for (const f of document.querySelectorAll('iframe'))
      if (f.contentWindow === e.source) f.height = String(e.data.story ? Math.min(e.data.height, Math.round(innerHeight * 0.9)) : e.data.height);
  });
</script>`;

/**
 * In an iframe, tells the parent page this page's height whenever it changes: `postMessage({ type: 'loopy:resize',
 * height, story })`, as PARENT_SNIPPET reads it (`story`: the page scrolls within its frame).
 */
export function reportHeight(story = false) {
  if (parent === window) return;
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      parent.postMessage({ type: 'loopy:resize', height, story }, '*');
    }
  }).observe(document.documentElement);
}
