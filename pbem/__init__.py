"""The program: the `pbem` command and the processes it starts (`pbem serve`, its gunicorn
processes, the workers). The one place that wires the layers together: it builds each process's
context (`service.context.bootstrap`) with who runs its background work (workers/), and serves the
web pages, the API and the mail pages. Nothing imports it."""
