use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use elicit_runtime::Elicitable;
use serde_json::json;

/// The address a backup server answers on.
#[derive(Debug, PartialEq, Elicitable)]
struct Backup(Ipv6Addr);

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    any: IpAddr,
    v4: Ipv4Addr,
    #[elicit(default = "::1")]
    v6: Option<Ipv6Addr>,
    backup: Option<Backup>,
}

fn main() {
    // The lengths of the shortest and the longest address.
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "any": { "type": "string", "minLength": 2, "maxLength": 45 },
                "v4": { "type": "string", "minLength": 7, "maxLength": 15 },
                "v6": { "type": "string", "minLength": 2, "maxLength": 45, "default": "::1" },
                "backup": {
                    "type": "string",
                    "description": "The address a backup server answers on.",
                    "minLength": 2,
                    "maxLength": 45
                }
            },
            "required": ["any", "v4"]
        })
    );
    let content = json!({ "any": "2001:DB8::1", "v4": "192.0.2.1", "backup": "::ffff:192.0.2.1" });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Form {
            any: IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1)),
            v4: Ipv4Addr::new(192, 0, 2, 1),
            v6: Some(Ipv6Addr::LOCALHOST),
            backup: Some(Backup(Ipv4Addr::new(192, 0, 2, 1).to_ipv6_mapped())),
        }
    );

    let content = json!({ "any": "localhost", "v4": "192.0.2.01", "v6": "fe80::1%eth0", "backup": 6 });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(
        failed,
        [("any", "fit"), ("v4", "fit"), ("v6", "fit"), ("backup", "type")]
    );
    assert_eq!(
        errors.iter().nth(1).unwrap().to_string(),
        "`v4` is not an IPv4 address such as `192.0.2.1`, which `std::net::Ipv4Addr` needs: \
         send four numbers from 0 to 255, without leading zeros, joined by `.` (received \"192.0.2.01\")"
    );
}
