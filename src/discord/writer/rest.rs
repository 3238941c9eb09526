//! One REST call that writes to a channel, and what its answer says of the rate limits:
//! the budget left, a 429's wait (per route or global), and how a failure is classified.

use super::*;

/// REST calls that write to channels, on our own client (serenity's request builder).
pub struct Rest {
    client: reqwest::Client,
    token: String,
    /// `DISCORD_API_URL`, replacing `https://discord.com`.
    base: Option<String>,
}

/// What Discord said about the budget in an answer.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Limits {
    pub limit: Option<u32>,
    pub remaining: Option<u32>,
    pub reset_after: Option<Duration>,
    pub bucket: Option<String>,
    pub global: bool,
    /// A 429's wait: the body's `retry_after` (seconds, with decimals), else `Retry-After`.
    pub retry_after: Option<Duration>,
}

/// The answer to one write.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// Done; a new message's id.
    Done(Option<u64>),
    /// 429: wait this long (and every channel, if global).
    Limited { wait: Duration, global: bool },
    /// Any other failure: the HTTP status (None: the network) and Discord's error code.
    Failed { status: Option<u16>, code: i64 },
}

pub(super) fn header<T: std::str::FromStr>(
    h: &reqwest::header::HeaderMap,
    name: &str,
) -> Option<T> {
    h.get(name)?.to_str().ok()?.trim().parse().ok()
}

pub(super) fn seconds(s: f64) -> Option<Duration> {
    (s.is_finite() && s >= 0.0).then(|| Duration::from_secs_f64(s.min(3600.0)))
}

/// Read the rate-limit headers (and a 429's body).
pub fn read_limits(h: &reqwest::header::HeaderMap, body: Option<&Value>) -> Limits {
    let mut l = Limits {
        limit: header(h, "x-ratelimit-limit"),
        remaining: header(h, "x-ratelimit-remaining"),
        reset_after: header::<f64>(h, "x-ratelimit-reset-after").and_then(seconds),
        bucket: header(h, "x-ratelimit-bucket"),
        global: header::<String>(h, "x-ratelimit-global").is_some_and(|g| g == "true"),
        retry_after: header::<f64>(h, "retry-after").and_then(seconds),
    };
    if let Some(b) = body {
        if let Some(s) = b
            .get("retry_after")
            .and_then(Value::as_f64)
            .and_then(seconds)
        {
            l.retry_after = Some(s);
        }
        if b.get("global").and_then(Value::as_bool) == Some(true) {
            l.global = true;
        }
    }
    l
}

/// One write.
#[derive(Debug, Clone)]
pub enum Write {
    Post(CreateMessage, Option<serenity::all::CreateAttachment>),
    Edit(u64, EditMessage, Option<serenity::all::CreateAttachment>),
    Delete(u64),
    /// Archive the channel (a game's thread, once the game is over).
    Archive,
}

impl Rest {
    pub fn new(token: &str, base: Option<String>) -> Rest {
        let client = reqwest::Client::builder()
            .use_rustls_tls()
            .timeout(Duration::from_secs(30))
            .build()
            .expect("an HTTP client");
        Rest {
            client,
            token: token.to_string(),
            base,
        }
    }

    /// Make one write; never retries (the writer decides).
    pub async fn send(&self, channel: u64, w: &Write) -> (Answer, Limits) {
        let channel_id = ChannelId::new(channel);
        let request = match w {
            Write::Post(m, file) => body(
                Request::new(Route::ChannelMessages { channel_id }, LightMethod::Post),
                m,
                file,
            ),
            Write::Edit(id, m, file) => body(
                Request::new(
                    Route::ChannelMessage {
                        channel_id,
                        message_id: MessageId::new(*id),
                    },
                    LightMethod::Patch,
                ),
                m,
                file,
            ),
            Write::Delete(id) => Ok(Request::new(
                Route::ChannelMessage {
                    channel_id,
                    message_id: MessageId::new(*id),
                },
                LightMethod::Delete,
            )),
            Write::Archive => body(
                Request::new(Route::Channel { channel_id }, LightMethod::Patch),
                &serde_json::json!({ "archived": true }),
                &None,
            ),
        };
        let built = request.and_then(|r| {
            r.build(&self.client, &self.token, self.base.as_deref())
                .map_err(|e| e.to_string())
                .and_then(|b| b.build().map_err(|e| e.to_string()))
        });
        let request = match built {
            Ok(r) => r,
            Err(e) => {
                tracing::error!(channel, error = %e, "could not build a request");
                return (
                    Answer::Failed {
                        status: Some(400),
                        code: 0,
                    },
                    Limits::default(),
                );
            }
        };
        let response = match self.client.execute(request).await {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(channel, error = %e, "a write did not reach Discord");
                return (
                    Answer::Failed {
                        status: None,
                        code: 0,
                    },
                    Limits::default(),
                );
            }
        };
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap_or_default();
        let json: Option<Value> = serde_json::from_str(&text).ok();
        let limits = read_limits(&headers, json.as_ref());
        let answer = match status {
            200..=299 => Answer::Done(
                json.as_ref()
                    .and_then(|v| v.get("id"))
                    .and_then(Value::as_str)
                    .and_then(|s| s.parse().ok()),
            ),
            429 => Answer::Limited {
                wait: limits.retry_after.unwrap_or(Duration::from_secs(1)),
                global: limits.global,
            },
            _ => Answer::Failed {
                status: Some(status),
                code: json
                    .as_ref()
                    .and_then(|v| v.get("code"))
                    .and_then(Value::as_i64)
                    .unwrap_or(0),
            },
        };
        (answer, limits)
    }
}

pub(super) fn body<'a, T: serde::Serialize>(
    r: Request<'a>,
    m: &T,
    file: &Option<serenity::all::CreateAttachment>,
) -> Result<Request<'a>, String> {
    let json = serde_json::to_string(m).map_err(|e| e.to_string())?;
    Ok(match file {
        Some(f) => r.multipart(Some(Multipart {
            upload: MultipartUpload::Attachments(vec![f.clone()]),
            payload_json: Some(json),
            fields: vec![],
        })),
        None => r.body(Some(json.into_bytes())),
    })
}

/// What the failure of a write means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// Try again later (5xx, the network).
    Retry,
    /// The message is gone or too old to edit.
    Gone,
    /// The bot lacks a permission in the channel.
    Forbidden,
    /// Anything else (a bug: logged, the write given up).
    Other,
}

pub fn failure(status: Option<u16>, code: i64) -> Failure {
    match (status, code) {
        (None, _) | (Some(500..=599), _) => Failure::Retry,
        (_, 10008) | (_, 10003) | (_, 30046) | (Some(404), _) => Failure::Gone,
        (Some(403), _) | (_, 50001) | (_, 50013) => Failure::Forbidden,
        _ => Failure::Other,
    }
}
