//! What Discord answers for an Activity (issue 48): the OAuth2 code exchange
//! (`POST /oauth2/token`, form-encoded, the client's id and secret in the body), the user of
//! an access token (`GET /users/@me`, bearer), an activity instance with its location and
//! participants (`GET /applications/{app}/activity-instances/{instance}`, bot token), and the
//! Entry Point command as a person runs it (an APPLICATION_COMMAND of type 4).

use super::*;

/// The client secret the stand-in's application has.
pub const CLIENT_SECRET: &str = "standin-client-secret";

/// One person's sign-in as the stand-in knows it.
#[derive(Debug, Clone)]
pub struct Person {
    pub id: u64,
    pub name: String,
    pub locale: String,
}

/// The stand-in's Activities: codes given by the (stand-in) client, access tokens, instances.
#[derive(Debug, Default)]
pub struct Activities {
    /// Codes not yet exchanged (a code is good once).
    pub codes: HashMap<String, Person>,
    pub tokens: HashMap<String, Person>,
    /// instance id → (channel, guild, participants).
    pub instances: HashMap<String, (u64, Option<u64>, Vec<u64>)>,
    /// Codes exchanged, refused exchanges.
    pub exchanged: u32,
    pub refused: u32,
}

impl StandIn {
    /// A code that Discord's client would give `who` for this application (good once).
    pub fn activity_code(&self, who: (u64, &str), locale: &str) -> String {
        let code = format!("code{}", self.next_id());
        self.state.lock().unwrap().activities.codes.insert(
            code.clone(),
            Person {
                id: who.0,
                name: who.1.to_string(),
                locale: locale.to_string(),
            },
        );
        code
    }

    /// An Activity running in `channel` with these participants.
    pub fn activity_instance(&self, instance: &str, channel: u64, users: &[u64]) {
        let guild = self.guild_of(channel);
        self.state
            .lock()
            .unwrap()
            .activities
            .instances
            .insert(instance.to_string(), (channel, guild, users.to_vec()));
    }

    /// The application's Entry Point command, run by `who` in `channel`.
    pub fn entry_point_command(&self, channel: u64, who: (u64, &str, u64), locale: &str) -> String {
        let (mut v, token) = self.interaction_base(2, channel, who, locale);
        v["data"] = json!({
            "id": (CMD_ID + 1).to_string(),
            "name": "launch",
            "type": 4,
        });
        self.send_interaction(v, token, channel, false, None)
    }
}

fn form(body: &[u8]) -> HashMap<String, String> {
    url::form_urlencoded::parse(body).into_owned().collect()
}

/// The Activity's routes answered; any other request given back.
pub(super) async fn route(
    s: &StandIn,
    method: &Method,
    rest: &str,
    auth: &str,
    req: Request,
) -> Result<Response, Request> {
    let parts: Vec<&str> = rest.split('/').collect();
    match (method.clone(), parts.as_slice()) {
        (Method::POST, ["oauth2", "token"]) => {
            let form_type = req
                .headers()
                .get("content-type")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string();
            if !form_type.starts_with("application/x-www-form-urlencoded") {
                s.violation(format!(
                    "POST /oauth2/token with content-type {form_type:?}"
                ));
            }
            let body = axum::body::to_bytes(req.into_body(), 1 << 16)
                .await
                .unwrap_or_default();
            let f = form(&body);
            let mut st = s.state.lock().unwrap();
            let good_client = f.get("client_id") == Some(&APP.to_string())
                && f.get("client_secret").map(String::as_str) == Some(CLIENT_SECRET);
            if !good_client {
                st.activities.refused += 1;
                return Ok(json_response(
                    StatusCode::UNAUTHORIZED,
                    json!({"error": "invalid_client"}),
                ));
            }
            if f.get("grant_type").map(String::as_str) != Some("authorization_code") {
                st.activities.refused += 1;
                return Ok(json_response(
                    StatusCode::BAD_REQUEST,
                    json!({"error": "unsupported_grant_type"}),
                ));
            }
            let person = f.get("code").and_then(|c| st.activities.codes.remove(c));
            let Some(person) = person else {
                st.activities.refused += 1;
                return Ok(json_response(
                    StatusCode::BAD_REQUEST,
                    json!({"error": "invalid_grant", "error_description": "Invalid \"code\" in request."}),
                ));
            };
            st.activities.exchanged += 1;
            let token = format!("access{}", st.activities.tokens.len() + 1);
            st.activities.tokens.insert(token.clone(), person);
            Ok(json_response(
                StatusCode::OK,
                json!({
                    "access_token": token,
                    "token_type": "Bearer",
                    "expires_in": 604800,
                    "refresh_token": format!("refresh-{token}"),
                    "scope": "identify",
                }),
            ))
        }
        (Method::GET, ["users", "@me"]) => {
            let person = auth
                .strip_prefix("Bearer ")
                .and_then(|t| s.state.lock().unwrap().activities.tokens.get(t).cloned());
            Ok(match person {
                Some(p) => json_response(
                    StatusCode::OK,
                    json!({
                        "id": p.id.to_string(),
                        "username": p.name.to_lowercase(),
                        "global_name": p.name,
                        "discriminator": "0",
                        "avatar": null,
                        "locale": p.locale,
                    }),
                ),
                None => coded_response(401, 0, "401: Unauthorized"),
            })
        }
        (Method::GET, ["applications", app, "activity-instances", instance]) => {
            if !auth.starts_with("Bot ") {
                s.violation(format!("GET /{rest}: no bot token"));
            }
            if *app != APP.to_string() {
                s.violation(format!("GET /{rest}: wrong application id"));
            }
            let found = s
                .state
                .lock()
                .unwrap()
                .activities
                .instances
                .get(*instance)
                .cloned();
            Ok(match found {
                Some((channel, guild, users)) => json_response(
                    StatusCode::OK,
                    json!({
                        "application_id": APP.to_string(),
                        "instance_id": instance,
                        "launch_id": "1",
                        "location": {
                            "id": format!("gc-{}-{channel}", guild.unwrap_or(0)),
                            "kind": if guild.is_some() { "gc" } else { "pc" },
                            "channel_id": channel.to_string(),
                            "guild_id": guild.map(|g| g.to_string()),
                        },
                        "users": users.iter().map(|u| u.to_string()).collect::<Vec<_>>(),
                    }),
                ),
                None => coded_response(404, 10_000, "Unknown Activity Instance"),
            })
        }
        _ => Err(req),
    }
}
