import type { MenuItemConstructorOptions } from 'electron';

/**
 * The tray's menu as a page, to be looked at: the native menu cannot be
 * captured without a desktop, so its items (what main hands to Electron)
 * are drawn as a menu of the system's look, light or dark, with one submenu
 * open beside it. Only the items' own words and marks are drawn.
 */

const esc = (s: string): string =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function itemsHtml(items: readonly MenuItemConstructorOptions[]): string {
  return items
    .filter((i) => i.visible !== false)
    .map((i) => {
      if (i.type === 'separator') return '<li class="sep" role="separator"></li>';
      const mark = i.type === 'checkbox' || i.type === 'radio' ? (i.checked ? '✓' : '') : '';
      const more = Array.isArray(i.submenu) ? '<span class="more">›</span>' : '';
      const off = i.enabled === false ? ' off' : '';
      return `<li class="item${off}" role="menuitem"><span class="mark">${mark}</span><span class="label">${esc(i.label ?? '')}</span>${more}</li>`;
    })
    .join('');
}

/** The menu, and the submenu of the item labelled `open` drawn beside it. */
export function trayMenuPage(
  items: readonly MenuItemConstructorOptions[],
  tooltip: string,
  open: string,
): string {
  const opened = items.find((i) => i.label === open);
  const sub = Array.isArray(opened?.submenu) ? opened.submenu : [];
  return `<!doctype html><html><head><meta charset="utf-8"><style>
:root { color-scheme: light dark; font: 13px system-ui, sans-serif; }
body { margin: 12px; background: Canvas; color: CanvasText; }
.tip { display: inline-block; margin-bottom: 8px; padding: 4px 8px; border-radius: 4px; white-space: pre; background: #333; color: #fff; font-size: 12px; }
.menus { display: flex; align-items: flex-start; gap: 2px; }
ul { list-style: none; margin: 0; padding: 4px 0; min-width: 220px; border-radius: 6px;
  background: light-dark(#f6f6f6, #2b2b2b); border: 1px solid light-dark(#c8c8c8, #454545);
  box-shadow: 0 4px 14px rgb(0 0 0 / 25%); }
.item { display: flex; gap: 6px; padding: 3px 10px 3px 4px; white-space: nowrap; }
.item.off { color: light-dark(#8a8a8a, #8f8f8f); }
.mark { width: 14px; text-align: center; }
.label { flex: 1; }
.sep { height: 1px; margin: 4px 0; background: light-dark(#d4d4d4, #484848); }
.sub { margin-top: 40px; }
</style></head><body>
<div class="tip" role="tooltip">${esc(tooltip)}</div>
<div class="menus"><ul role="menu" aria-label="Task Tray">${itemsHtml(items)}</ul>
<ul class="sub" role="menu" aria-label="${esc(open)}">${itemsHtml(sub)}</ul></div>
</body></html>`;
}
