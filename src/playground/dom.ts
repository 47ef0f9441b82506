import morphdom from "morphdom";

/** A tiny element builder: the playground has no framework, only the DOM. */
type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.replace(/^on/, "").toLowerCase(), value);
    else if (name === "class") el.className = String(value);
    else if (value === true) el.setAttribute(name, "");
    else el.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child);
  }
  return el;
}

/**
 * Run `task` once the browser has drawn the next frame (a task queued from that frame's
 * animation callback runs after its style, layout and paint). What reads the layout (scrolling a
 * control into view) waits there: inside a click it would make the browser lay the page out
 * before the frame does it anyway, and pay for it twice when more is written after.
 */
export function afterPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}

/**
 * Lay `html` (one element, as a template renders it) over the element `host` shows, part by part
 * (each child of that element: a sheet's header and sections): a part that reads the same is left
 * alone (compared by the browser, `isEqualNode`), one that differs is replaced, and a part that
 * holds keyboard focus or a picture is laid over element by element (morphdom), so focus stays on
 * its control and the picture is not decoded again. A sheet's buttons and fields cost more to make
 * and lay out than anything else on the page, and a command changes one or two of its parts.
 */
export function layOverParts(host: HTMLElement, html: string): void {
  const template = document.createElement("template");
  template.innerHTML = html;
  const fresh = template.content.firstElementChild;
  const shown = host.firstElementChild;
  if (!fresh || !shown || fresh.tagName !== shown.tagName || host.children.length !== 1) {
    host.replaceChildren(template.content);
    return;
  }
  for (const { name, value } of Array.from(fresh.attributes))
    if (shown.getAttribute(name) !== value) shown.setAttribute(name, value);
  for (const { name } of Array.from(shown.attributes))
    if (!fresh.hasAttribute(name)) shown.removeAttribute(name);
  const before = Array.from(shown.children);
  const after = Array.from(fresh.children);
  const focused = document.activeElement;
  after.forEach((part, i) => {
    const old = before[i];
    if (!old) shown.append(part);
    else if (old.isEqualNode(part)) return;
    // Matched by place, not by id: a template's ids may name its document (another actor's sheet).
    else if ((focused && old.contains(focused)) || old.querySelector("img"))
      morphdom(old, part, {
        onBeforeElUpdated: (from, to) => !from.isEqualNode(to),
        getNodeKey: () => undefined,
      });
    else old.replaceWith(part);
  });
  for (const old of before.slice(after.length)) old.remove();
}
