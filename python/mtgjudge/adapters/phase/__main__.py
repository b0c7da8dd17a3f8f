from mtgjudge.adapters.phase.serve import main

raise SystemExit(main())
