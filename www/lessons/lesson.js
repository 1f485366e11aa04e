// lessons/lesson.js: a lesson's own key: F anywhere on the page presents its story (the story's Present button, and F inside the story, do the same).

document.addEventListener('keydown', (e) => {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || (e.key !== 'f' && e.key !== 'F')) return;
  const t = e.composedPath()[0];
  if (t instanceof Element && (t.closest('input, textarea, select, [contenteditable]') || t.isContentEditable)) return;
  const story = document.querySelector('loopy-story');
  if (typeof story?.present !== 'function' || story.presenting) return;
  e.preventDefault();
  story.present(true);
});
