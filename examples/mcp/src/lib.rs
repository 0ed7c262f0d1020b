//! The example MCP server, on rmcp: its handler and its tools, prompts and
//! tasks, apart from its transports (in `examples/server.rs`) so the
//! end-to-end tests serve it in memory. Every asking tool is a few lines of
//! `ServerFlow`.

pub mod account;
#[path = "../../forms/booking.rs"]
pub mod booking_form;
pub mod browser_login;
pub mod conformance_forms;
pub mod handler;
pub mod login;
pub mod prompts;
pub mod rounds;
pub mod stateless;
pub mod task_owners;
pub mod tasks;
pub mod tools;
pub mod trip;
#[path = "../../forms/trip.rs"]
pub mod trip_forms;

pub use handler::ExampleServer;
