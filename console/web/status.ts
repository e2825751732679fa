// The page's messages: one line per source (the map, the stream, the stack), shown until that
// source works again. A problem is never a console error: the page keeps running and says it.

const messages = new Map<string, string>();
let element: HTMLElement | null = null;

function render(): void {
  if (!element) return;
  element.replaceChildren(
    ...[...messages].map(([source, text]) => {
      const li = document.createElement('li');
      li.dataset.source = source;
      li.textContent = text;
      return li;
    }),
  );
  element.hidden = messages.size === 0;
}

export function attachStatus(el: HTMLElement): void {
  element = el;
  render();
}

export function setProblem(source: string, text: string): void {
  if (messages.get(source) === text) return;
  messages.set(source, text);
  render();
}

export function clearProblem(source: string): void {
  if (messages.delete(source)) render();
}
