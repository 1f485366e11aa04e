// examples/print-stories.js: the example post's print button: every story on the page draws its print pictures (preparePrint), then the browser prints; a post's own script, since a print cannot wait for pictures drawn after Ctrl+P.

const button = document.getElementById('print-stories');
button.hidden = false;
button.addEventListener('click', async () => {
  button.disabled = true;
  try {
    await customElements.whenDefined('loopy-story');
    await Promise.all([...document.querySelectorAll('loopy-story')].map((story) => story.preparePrint()));
    print();
  } finally {
    button.disabled = false;
  }
});
