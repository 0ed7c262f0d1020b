//! The example server's handler and its tools, prompts and tasks, apart
//! from its transports so the end-to-end tests serve it in memory.

#[path = "../../forms/booking.rs"]
pub mod booking_form;
#[path = "../../forms/conformance.rs"]
pub mod conformance_forms;
pub mod handler;
pub mod prompts;
pub mod rounds;
pub mod stateless;
pub mod tasks;
pub mod tools;
pub mod trip;
#[path = "../../forms/trip.rs"]
pub mod trip_forms;

pub use handler::ExampleServer;
