FILE_MEASURE_JS = """() => {
  const shown = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const words = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest('svg, script, style') || !shown(el)) continue;
    words.push({size: parseFloat(getComputedStyle(el).fontSize), text: n.textContent.trim().slice(0, 40)});
  }
  const svg = document.querySelector('#dn-drawing > svg');
  const box = svg.viewBox.baseVal, rect = svg.getBoundingClientRect();
  const scale = rect.width / box.width;
  for (const t of svg.querySelectorAll('text')) {
    if (!t.textContent.trim()) continue;
    words.push({size: parseFloat(getComputedStyle(t).fontSize) * scale, text: t.textContent.trim().slice(0, 40)});
  }
  const targets = [];
  for (const el of document.querySelectorAll('button, input, a[href], select')) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    targets.push({side: Math.min(r.width, r.height), name: (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40)});
  }
  const controls = [...document.querySelectorAll('nav [data-go]')].map(b => b.getBoundingClientRect().bottom);
  words.sort((a, b) => a.size - b.size); targets.sort((a, b) => a.side - b.side);
  return {words: words.slice(0, 4), targets: targets.slice(0, 4), viewBox: box.width, shown: rect.width,
          drawingTop: rect.top, drawingBottom: rect.bottom, controlsBottom: Math.max(...controls),
          sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""
