# Used through IPYTHONDIR by make: silences ipykernel 7's per-start
# "Kernel is running over TCP without encryption" message in build and test logs.
c = get_config()  # noqa: F821
c.IPKernelApp.log_level = "ERROR"
