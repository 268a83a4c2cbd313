//! Who is calling: the chief arbiter (the token printed at start, or anyone on loopback
//! without a token), a sector arbiter (a token made by `qisai arbiter add`), or the
//! public (no token, beyond loopback): read-only views of names, clubs and results.

/// The caller's rights.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Role {
    Chief,
    /// A sector arbiter, and its competition in an event of several.
    Sector {
        name: String,
        competition: Option<String>,
    },
    Public,
}

/// What the public's pages may call: the projector's view.
const PUBLIC: &[&str] = &["hall.display"];
/// What a sector arbiter's phone may call besides: its boards, its results.
const SECTOR: &[&str] = &["hall.sector", "hall.enter"];

impl Role {
    pub(super) fn may_call(&self, operation: &str) -> bool {
        match self {
            Role::Chief => true,
            Role::Sector { .. } => PUBLIC.contains(&operation) || SECTOR.contains(&operation),
            Role::Public => PUBLIC.contains(&operation),
        }
    }

    /// A sector arbiter acts in its own name and competition, whatever the page sent.
    pub(super) fn bind_arguments(&self, args: &mut serde_json::Value) {
        let Role::Sector { name, competition } = self else {
            return;
        };
        if args.is_null() {
            *args = serde_json::json!({});
        }
        if let Some(object) = args.as_object_mut() {
            object.insert("arbiter".into(), name.clone().into());
            match competition {
                Some(c) => object.insert("competition".into(), c.clone().into()),
                None => object.remove("competition"),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_role_calls_what_it_may() {
        assert!(Role::Chief.may_call("entrants.list"));
        assert!(Role::Public.may_call("hall.display"));
        assert!(!Role::Public.may_call("entrants.list"));
        assert!(!Role::Public.may_call("hall.enter"));
        let sector = Role::Sector {
            name: "张".into(),
            competition: None,
        };
        assert!(sector.may_call("hall.enter") && sector.may_call("hall.sector"));
        assert!(!sector.may_call("results.record") && !sector.may_call("undo"));
    }

    #[test]
    fn a_sector_arbiter_cannot_act_for_another() {
        let zhang = Role::Sector {
            name: "张".into(),
            competition: Some("跳棋".into()),
        };
        let mut args = serde_json::json!({"arbiter": "李", "round": 1, "competition": "象棋"});
        zhang.bind_arguments(&mut args);
        assert_eq!(
            (&args["arbiter"], &args["competition"]),
            (&"张".into(), &"跳棋".into())
        );
        let mut none = serde_json::Value::Null;
        zhang.bind_arguments(&mut none);
        assert_eq!(none["arbiter"], "张");
    }
}
