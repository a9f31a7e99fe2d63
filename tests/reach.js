// What a person at the screen could not do (tests/browser.py runs it in the page): press a control
// (buttons, links, inputs) the page shows, because it lies off the screen or outside a box that
// clips it, because something covers its middle, or because its label overflows it; or read a
// text cut short (.fit-text: an ellipsis, or lines left out; a name cut in the middle) whose whole
// is not on hover, or a name so cut whose whole is not in its accessible label; or see
// the whole page without scrolling sideways. One line each, saying why.
(() => {
  const bad = [];
  const inside = (r, q) => r.left >= q.left - 0.5 && r.top >= q.top - 0.5 && r.right <= q.right + 0.5 && r.bottom <= q.bottom + 0.5;
  const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  const named = (n) => `${n.tagName.toLowerCase()}${n.id ? "#" + n.id : ""}.${n.className} "${n.textContent.slice(0, 40)}"`;
  for (const node of document.querySelectorAll("button, a[href], input, select, textarea, [role=button]")) {
    const r = node.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const box = [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
    let why = inside(r, screen) ? "" : `off the ${innerWidth}x${innerHeight} screen at ${box}`;
    for (let up = node.parentElement; !why && up; up = up.parentElement) {
      const style = getComputedStyle(up);
      const clips = style.overflowX !== "visible" || style.overflowY !== "visible";
      if (clips && !inside(r, up.getBoundingClientRect())) why = `cut off by ${named(up)} at ${box}`;
    }
    if (!why) {
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(hit === node || node.contains(hit))) why = `covered by ${hit ? named(hit) : "nothing"}`;
    }
    if (!why && (node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1)) {
      why = `its label overflows it (${node.scrollWidth}x${node.scrollHeight} in ${node.clientWidth}x${node.clientHeight})`;
    }
    if (why) bad.push(`${named(node)}: ${why}`);
  }
  // a text is cut short when wider than its content box (an ellipsis shows for any fraction) or, on
  // several lines, taller than it
  const cutShort = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const style = getComputedStyle(node);
    const room = node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const lines = style.whiteSpace !== "nowrap";
    return range.getBoundingClientRect().width > room + 0.01 || (lines && node.scrollHeight > node.clientHeight + 1);
  };
  for (const node of document.querySelectorAll(".fit-text")) {
    const whole = node.dataset.name ?? node.textContent; // a name cut in the middle: data-name is its whole
    const shortened = node.textContent !== whole || cutShort(node);
    if (node.getClientRects().length && shortened && node.title !== whole) {
      bad.push(`"${node.textContent}" is cut short without its whole on hover`);
    }
  }
  for (const node of document.querySelectorAll("[data-name]")) {
    const label = node.closest("[aria-label]")?.getAttribute("aria-label") || "";
    if (node.getClientRects().length && node.textContent !== node.dataset.name && !label.includes(node.dataset.name)) {
      bad.push(`"${node.textContent}" is cut without the whole name (${node.dataset.name}) in its accessible label`);
    }
  }
  const page = document.scrollingElement;
  if (page.scrollWidth > innerWidth) bad.push(`the page is ${page.scrollWidth} px wide on a ${innerWidth} px screen`);
  return bad;
})
