//! The workspace's own suites, one test target per file of this directory:
//! the derive's compile-fail and compile-pass cases (`ui/`, run by
//! trybuild), the schema snapshots (`snapshots/`), and the runtime read
//! through derived forms. `support/` holds what the other members' tests
//! share (the floors check, snapshots, a Redis server, a pseudo-terminal).
//! This library is empty.
#![forbid(unsafe_code)]
