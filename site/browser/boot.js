// The static site's start of Python in the kernel's Web Worker.
//
// Every live page names this file as the Pyodide kernel's `pyodideUrl` (site/build.py), so
// jupyterlite-pyodide-kernel's worker loads it with importScripts and calls the
// `loadPyodide` it defines: Pyodide's own (pyodide.js beside this file), plus
// * before the kernel imports anything, the site's helper (daynight_browser.kernel_start):
//   the finder that loads a package on first import, a lazy stand-in for IPython's terminal
//   front end;
// * a mark of each step in the console, `daynight-site <epoch ms> <step>` (console.debug:
//   hidden unless asked for), for `python -m benchmarks site`.
//
// The page's own script (site/browser/page.js) also starts this file as the kernel's
// worker before the kernel exists: then Python starts, loads the page's packages and
// imports the kernel at once, and the kernel's later steps find them done.
"use strict";
(() => {
  const site = (self.daynightSite = self.daynightSite || {});
  const mark = (step) =>
    console.debug(`daynight-site ${(performance.timeOrigin + performance.now()).toFixed(1)} ${step}`);

  const runtime = async ({ daynightLater = [], ...options }) => {
    importScripts(`${options.indexURL}pyodide.js`);
    const loadPyodide = self.loadPyodide;
    self.loadPyodide = siteLoadPyodide; // pyodide.js defines its own: this one stays
    // packages the kernel wants at start that the site loads when first imported
    const packages = (options.packages || []).filter((name) => !daynightLater.includes(name));
    mark(`runtime ${packages.length} packages`);
    const pyodide = await loadPyodide({ ...options, packages });
    mark("runtime-ready");
    if (packages.includes("daynight-browser")) {
      pyodide.runPython("import daynight_browser.kernel_start");
      mark("helper-ready");
    }
    return pyodide;
  };

  const traced = (pyodide) => {
    const runPythonAsync = pyodide.runPythonAsync.bind(pyodide);
    pyodide.runPythonAsync = async (code, ...rest) => {
      const step = code.trim().split("\n")[0].trim().slice(0, 60);
      mark(`kernel-start ${step}`);
      try {
        return await runPythonAsync(code, ...rest);
      } finally {
        mark(`kernel-end ${step}`);
      }
    };
    return pyodide;
  };

  // the kernel's call: Python started early (the page's script) or now
  const siteLoadPyodide = async (options) => {
    if (!site.early) return traced(await runtime(options));
    mark("kernel-asks");
    const pyodide = await site.early;
    pyodide.setStdout({ batched: options.stdout });
    pyodide.setStderr({ batched: options.stderr });
    return traced(pyodide);
  };
  self.loadPyodide = siteLoadPyodide;

  // the worker's own script, started by the page before the kernel exists
  if (site.listening || typeof WorkerGlobalScope === "undefined" || !/daynight-boot\.js$/.test(self.location.pathname)) return;
  site.listening = true;
  mark("worker");
  const early = (event) => {
    const data = event.data || {};
    if (data.daynightEarly) {
      event.stopImmediatePropagation();
      site.early = (async () => {
        const pyodide = await runtime(data.daynightEarly);
        mark("kernel-import");
        await pyodide.runPythonAsync("import piplite.piplite\nimport pyodide_kernel");
        mark("kernel-imported");
        return pyodide;
      })();
      site.early.catch(() => {}); // the kernel's call reports it
    } else if (data.daynightKernelScript) {
      // the kernel's worker script: from now on it answers the page's messages
      event.stopImmediatePropagation();
      self.removeEventListener("message", early);
      importScripts(data.daynightKernelScript);
    }
  };
  self.addEventListener("message", early);
})();
