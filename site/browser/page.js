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
  if (SETTINGS) start(SETTINGS);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => start(configured()), { once: true });
  else start(configured());
})();
