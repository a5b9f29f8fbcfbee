// The static site's script in the head of every Voici page (site/build.py inlines it).
//
// 1. No service worker. JupyterLite's would let Python see the site's files under /drive, at
//    the price of one request through it for every file Python looks up while it imports
//    (about 200 before a play app's first control); no page of the site reads a file.
// 2. Python starts while the page's front end loads. Voici starts its kernel only once
//    JupyterLab's front end is up (seconds of the visitor's processor); this script starts
//    the kernel's Web Worker at once, running the site's start of Python
//    (static/pyodide/daynight-boot.js) with the page's own packages, and hands that worker
//    to the kernel when the kernel asks for its worker.
// 3. The cells show as they run. Voici runs every cell of a page before it shows any (Voila's
//    `display_cells` at the end): a walkthrough's first Try it, near its top, waited for all
//    of its 50-70 cells. Here the cells run so far show once one of them has an output (and the
//    theme is in place), and Voila's spinner becomes a small status line at the foot of the
//    window ("Executing 23 of 96") until the last cell has run. A click on a widget is
//    answered between two cells (the kernel runs one message at a time).
// 4. The spinner turns in steps of 45 degrees twice a second, set from here, instead of by a
//    CSS animation: a running CSS animation has the browser draw and composite 60 frames a
//    second for as long as Python starts (measured in a traced cold visit: about 0.3 s of the
//    processor in the page's compositor and the browser's display threads, which compete with
//    Python for the visitor's cores); two steps a second cost two frames. It stops once the
//    spinner is hidden, and never turns for a visitor who asks for less motion.
"use strict";
(() => {
  const workers = navigator.serviceWorker;
  if (workers) {
    workers.register = () => Promise.reject(new Error("this site runs Python without a service worker"));
    workers.getRegistrations().then((all) => all.forEach((registration) => registration.unregister()));
  }

  // the kernel's settings of this page, written here by site/build.py (so that Python starts
  // before the rest of the page has arrived); else read from the page's configuration
  const SETTINGS = /* daynight-start */ null;
  const KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel";
  const KERNEL_WORKER = "/pyodide-kernel-extension/static/";
  const configured = () => {
    const script = document.getElementById("jupyter-config-data");
    return script ? (JSON.parse(script.textContent).litePluginSettings || {})[KERNEL] || {} : {};
  };
  const start = (settings) => {
    if (typeof Worker === "undefined" || self.crossOriginIsolated) return;
    if (!settings.pyodideUrl || !settings.pyodideUrl.endsWith("daynight-boot.js")) return;
    const boot = new URL(settings.pyodideUrl, location.href);
    const options = settings.loadPyodideOptions || {};
    let early = new Worker(boot);
    early.postMessage({ daynightEarly: { ...options, indexURL: new URL(".", boot).href } });
    const PageWorker = self.Worker;
    const SiteWorker = function (url, workerOptions) {
      if (early && String(url).includes(KERNEL_WORKER)) {
        const worker = early;
        early = null;
        worker.postMessage({ daynightKernelScript: new URL(url, location.href).href });
        return worker;
      }
      return new PageWorker(url, workerOptions);
    };
    SiteWorker.prototype = PageWorker.prototype;
    self.Worker = SiteWorker;
  };
  // 3. the cells run so far show while the rest run (Voila's functions are defined in the
  // page's body, after this script: wrapped once the page is parsed, before Voici runs a cell)
  const RUNNING = "dn-running";
  const progressive = () => {
    const announce = window.update_loading_text;
    if (typeof announce !== "function") return;
    window.update_loading_text = function (cellIndex, cellCount, text) {
      announce.call(this, cellIndex, cellCount, text);
      const spinner = document.getElementById("loading");
      const cells = document.getElementById("rendered_cells");
      if (!window.themeLoaded || !spinner || !cells || !cells.querySelector(".jp-Cell-outputArea")) return;
      spinner.classList.add(RUNNING);
      spinner.setAttribute("role", "status");
      cells.style.display = "";
    };
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", progressive, { once: true });
  else progressive();

  // 4. the spinner's two steps a second
  const SPIN_MS = 500;
  const SPIN_STEP = 45;
  const turn = () => {
    if (typeof self.matchMedia === "function" && self.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let angle = 0;
    const timer = setInterval(() => {
      const loading = document.getElementById("loading");
      const spinner = loading && typeof loading.querySelector === "function" ? loading.querySelector(".spinner") : null;
      if (!spinner) {
        // Voila removes the spinner once every cell has run (and a page without one has none)
        if (document.readyState !== "loading") clearInterval(timer);
        return;
      }
      angle = (angle + SPIN_STEP) % 360;
      spinner.style.transform = `rotate(${angle}deg)`;
    }, SPIN_MS);
  };
  turn();

  if (SETTINGS) start(SETTINGS);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => start(configured()), { once: true });
  else start(configured());
})();
