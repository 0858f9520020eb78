// "Load more" under a server-rendered, keyset-paged list (docs/decisions/008): the link is a plain next-page link, so
// it works without JavaScript; with JavaScript this appends the next page's items in place. Markup: the list carries
// `data-list="<name>"` and the link `data-load-more="<name>"` inside its own wrapper (removed after the last page). A
// page may hold several lists (/subscriptions): each link fetches its own list's next page.
export function enhanceLoadMore() {
  document.addEventListener("click", async (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-load-more]");
    const name = link?.dataset.loadMore;
    const list = name ? document.querySelector(`[data-list="${CSS.escape(name)}"]`) : null;
    if (!link || !name || !list || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    link.classList.add("btn-disabled");
    link.setAttribute("aria-busy", "true");
    try {
      const res = await fetch(link.href, { headers: { accept: "text/html" } });
      if (!res.ok) throw new Error(String(res.status));
      const next = new DOMParser().parseFromString(await res.text(), "text/html");
      const items = next.querySelectorAll(`[data-list="${CSS.escape(name)}"] > *`);
      list.append(...Array.from(items, (item) => document.importNode(item, true)));
      const more = next.querySelector<HTMLAnchorElement>(`a[data-load-more="${CSS.escape(name)}"]`);
      if (more) {
        link.href = more.href;
        link.classList.remove("btn-disabled");
        link.removeAttribute("aria-busy");
      } else link.parentElement?.remove();
    } catch {
      window.location.href = link.href;
    }
  });
}
