from wreckmaster.cli.main import run

run()
