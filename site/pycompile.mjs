// Compile Python archives to bytecode with the site's own Pyodide (site/node_modules/pyodide),
// so the .pyc files are exactly those the visitor's browser runs. See site/pycompile.py.
//
//     node site/pycompile.mjs JOBS.json
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(resolve(here, "node_modules", "pyodide", "pyodide.mjs"));

const HOST = "/host";
const onHost = (path) => HOST + resolve(path);
const jobs = JSON.parse(readFileSync(process.argv[2], "utf8")).map((job) => ({
  ...job, src: onHost(job.src), dst: onHost(job.dst),
}));

const pyodide = await loadPyodide({ stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
pyodide.FS.mkdirTree(HOST);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, HOST);
pyodide.FS.writeFile("/tmp/jobs.json", JSON.stringify(jobs));
pyodide.globals.set("site_dir", onHost(here));
pyodide.runPython(`
import sys
sys.path.insert(0, site_dir)
import pycompile
pycompile.main("/tmp/jobs.json")
`);
