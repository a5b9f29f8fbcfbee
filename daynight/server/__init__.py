"""The class server: ``notebooks/`` served as Voila apps to a room of learners,
``python -m daynight.server [--learners N]`` (``make app``).

This is what ``make app`` runs and what the browser tests start, so the tests see exactly
the server a teacher runs. It is standalone Voila (``voila notebooks/``) configured for a
public demo by ``voila.json`` at the repository root (always read, whatever the working
directory), plus these additions:

* the site root ``/`` opens the landing page ``index.ipynb`` instead of a file list;
* the lab template is used without its CDN stylesheet links, so no request leaves the
  machine, a page that is still not ready after a while says that the server is busy
  and to wait or reload, and a page gives its kernel 60 s (not ipywidgets' 4 s, counted
  from before the page's kernel channel opens) to answer its one request for all the widget
  states, so a loaded machine does not make it ask model by model (:mod:`.templates`);
* **preheated kernels for the apps**: the landing page and every app notebook
  (``*/play.ipynb``, ``*/tracker.ipynb``, :mod:`.apps`) get a pool of kernels that have
  already run the notebook, so a visitor gets a page whose widgets are ready; the learning
  pages (each game's ``practice.ipynb`` and walkthrough ``rules.ipynb``) get half as many,
  warmed after the apps', when the kernel cap holds them (``--learning-pool-size``).
  ``--learners N`` sizes the pools for a class; the pools are warmed **one kernel at a
  time** and only while no visitor is waiting for a kernel of their own, and a pool whose
  first kernel has not started warming counts as empty, so a visitor never queues behind
  the warm-up (:mod:`.pools`).

What a visitor can and cannot do (``tests/browser/test_security.py`` and
``tests/browser/test_limits.py`` check each):

* sources are stripped, and only images and stylesheets under ``notebooks/`` are
  served as files (``voila.json``);
* the server answers only the host names it was started for: loopback addresses and
  ``localhost``, the address given with ``--ip`` (every address of this machine for
  ``--ip 0.0.0.0``) and the names given with ``--allow-host``. This is Jupyter Server's own
  ``check_host`` (``allow_remote_access=False``, ``local_hostnames``), applied to every
  handler, so a web page cannot reach the class server through DNS rebinding; kernel
  websockets from another origin are refused by Jupyter Server's ``check_origin``
  (:mod:`.hardening`, :mod:`.handlers`);
* the kernel accepts only widget messages (no ``execute_request``; Voila), and in the
  app kernels a comm or widget message the page did not send for a widget of the app is
  dropped with one line in the server's log, and no traceback ever reaches the browser;
  every app kernel answers ipywidgets' control comm, ipywidgets imported or not
  (:mod:`.kernel`);
* everything the server writes to disk (templates, the kernels' IPython start-up file,
  connection files) lives in a folder created for this server alone (owner-only) and
  removed when it stops, and no configuration is read from a folder other users can
  write (:mod:`.hardening`);
* kernels are bounded: a cap in all and per client address, a rate of kernel starts, at
  most a few starting at once; a visitor beyond a cap gets a short page saying so (the
  class is full, try again in a minute) instead of a hang, and kernels whose page has gone
  (a closed tab, a vanished browser, a request without a browser) or that failed to start
  are shut down (:mod:`.limits`, :mod:`.pools`).

The parts, one direction (each imports only those above it):

=================  =====================================================================
``apps``           the notebooks served, which are apps, the pools' sizes (stdlib)
``limits``         the caps, the rates, the gate of page requests, the refusal page (stdlib)
``hardening``      host names, the private folder, trusted configuration, kernel start-up (stdlib)
``kernel``         what runs in every app kernel: the checks of a page's messages (stdlib)
``templates``      Voila's page template without CDN links, with the busy notice
``pools``          Voila's pooled kernel manager, bounded
``handlers``       the request handlers in front of Voila's
``app``            the Voila application that puts them together
``command``        the command line (``python -m daynight.server``)
=================  =====================================================================

The stdlib parts load without Voila (an app kernel imports only :mod:`.kernel`); the others
need the ``notebooks`` extra. Importing this package imports none of them.
"""
