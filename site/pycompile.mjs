// Run site/started.py and site/pycompile.py in the site's own Pyodide (site/node_modules/pyodide) under Node.js,
// so that what it measures and the .pyc files it writes are exactly the browser's.
//
//     node site/pycompile.mjs started INDEX_URL REQUEST.json OUT.json
//     node site/pycompile.mjs compile JOBS.json
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(resolve(here, "node_modules", "pyodide", "pyodide.mjs"));

const HOST = "/host";
const onHost = (path) => HOST + resolve(path);
const [command, ...args] = process.argv.slice(2);
const quiet = { stdout: () => {}, stderr: (line) => console.error(line) };

const withSite = (pyodide, module) => {
  pyodide.FS.mkdirTree(HOST);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, HOST);
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(onHost(here))})\nimport ${module}`);
  return pyodide;
};

if (command === "started") {
  // the site's staged Pyodide (its lock and wheels, not yet compiled), as a page starts it
  const [indexURL, requestFile, outFile] = args;
  const request = JSON.parse(readFileSync(requestFile, "utf8"));
  const pyodide = withSite(await loadPyodide({ indexURL: resolve(indexURL) + "/", env: request.env, ...quiet }), "started");
  await pyodide.loadPackage(request.packages, { messageCallback: () => {} });
  pyodide.globals.set("modules", pyodide.toPy(request.modules));
  const started = pyodide.runPython("started.started_modules(list(modules))").toJs();
  writeFileSync(outFile, JSON.stringify(started, null, 1));
  console.log(`pycompile: ${started.length} modules loaded when the pages start`);
} else if (command === "compile") {
  const jobs = JSON.parse(readFileSync(args[0], "utf8")).map((job) => ({
    ...job, src: onHost(job.src), dst: onHost(job.dst),
  }));
  const pyodide = withSite(await loadPyodide({ stdout: (line) => console.log(line), stderr: quiet.stderr }), "pycompile");
  pyodide.FS.writeFile("/tmp/jobs.json", JSON.stringify(jobs));
  pyodide.runPython('pycompile.main("/tmp/jobs.json")');
} else {
  console.error("usage: node site/pycompile.mjs started INDEX_URL REQUEST.json OUT.json | compile JOBS.json");
  process.exit(2);
}
