//! Who is calling: the chief arbiter (the token printed at start, or anyone on loopback
//! without a token), a sector arbiter (a token made by `qisai arbiter add`), or the
//! public (no token, beyond loopback): read-only views of names, clubs and results.

/// The caller's rights.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Role {
    Chief,
    Sector(String),
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
            Role::Sector(_) => PUBLIC.contains(&operation) || SECTOR.contains(&operation),
            Role::Public => PUBLIC.contains(&operation),
        }
    }

    /// A sector arbiter acts in its own name, whatever the page sent.
    pub(super) fn bind_arguments(&self, args: &mut serde_json::Value) {
        let Role::Sector(name) = self else {
            return;
        };
        if args.is_null() {
            *args = serde_json::json!({});
        }
        if let Some(object) = args.as_object_mut() {
            object.insert("arbiter".into(), name.clone().into());
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
        let sector = Role::Sector("张".into());
        assert!(sector.may_call("hall.enter") && sector.may_call("hall.sector"));
        assert!(!sector.may_call("results.record") && !sector.may_call("undo"));
    }

    #[test]
    fn a_sector_arbiter_cannot_act_for_another() {
        let mut args = serde_json::json!({"arbiter": "李", "round": 1});
        Role::Sector("张".into()).bind_arguments(&mut args);
        assert_eq!(args["arbiter"], "张");
        let mut none = serde_json::Value::Null;
        Role::Sector("张".into()).bind_arguments(&mut none);
        assert_eq!(none["arbiter"], "张");
    }
}
