//! Where serve listens: loopback unless `--host` names another address; port 3000 by
//! default or the next free one after it; a port asked for explicitly must be free (`0`
//! lets the system choose). Also the address to print and to open in a browser.

use anyhow::{Context, Result, bail};
use std::io::ErrorKind;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener};

/// The port tried first when none is given.
pub(crate) const DEFAULT_PORT: u16 = 3000;
/// How many ports after it are tried.
const PORTS_TRIED: u16 = 100;

/// A bound listener, the URL to show, and notices about how it was chosen.
#[derive(Debug)]
pub(crate) struct Bound {
    pub listener: TcpListener,
    pub url: String,
    pub notes: Vec<String>,
}

/// The address of `--host`: an IP address or `localhost`; loopback when absent.
pub(crate) fn host_address(host: Option<&str>) -> Result<IpAddr> {
    match host.map(str::trim) {
        None | Some("localhost") => Ok(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        Some(text) => text
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse()
            .with_context(|| {
                format!("--host wants an IP address such as 127.0.0.1 or ::1, not '{text}'")
            }),
    }
}

/// Listen on `host` at `port`, or at the first free port from [`DEFAULT_PORT`] on.
pub(crate) fn bind(host: Option<&str>, port: Option<u16>) -> Result<Bound> {
    let ip = host_address(host)?;
    let mut notes = exposure_notes(ip);
    let listener = match port {
        Some(port) => TcpListener::bind((ip, port)).map_err(|e| match e.kind() {
            ErrorKind::AddrInUse => anyhow::anyhow!(
                "port {port} on {ip} is taken; choose another --port or leave it out"
            ),
            _ => anyhow::anyhow!("cannot listen on {}: {e}", SocketAddr::new(ip, port)),
        })?,
        None => {
            let (listener, chosen) = first_free(ip, DEFAULT_PORT, PORTS_TRIED)?;
            if chosen != DEFAULT_PORT {
                notes.push(format!("port {DEFAULT_PORT} is taken; using {chosen}"));
            }
            listener
        }
    };
    let addr = listener
        .local_addr()
        .context("cannot read the listening address")?;
    Ok(Bound {
        listener,
        url: url_of(addr),
        notes,
    })
}

/// A warning when `ip` lets other machines in.
fn exposure_notes(ip: IpAddr) -> Vec<String> {
    if ip.is_loopback() {
        return Vec::new();
    }
    vec![format!(
        "warning: listening on {ip}: other machines that can reach this one can read the book"
    )]
}

/// The first port from `start` (trying `count` of them) that is free on `ip`.
fn first_free(ip: IpAddr, start: u16, count: u16) -> Result<(TcpListener, u16)> {
    let last = start.saturating_add(count.saturating_sub(1));
    for port in start..=last {
        match TcpListener::bind((ip, port)) {
            Ok(listener) => return Ok((listener, port)),
            Err(e) if e.kind() == ErrorKind::AddrInUse => continue,
            Err(e) => bail!("cannot listen on {}: {e}", SocketAddr::new(ip, port)),
        }
    }
    bail!("ports {start} to {last} on {ip} are all taken; choose one with --port")
}

/// The URL of the site at `addr` (an unspecified address is reached through loopback).
pub(crate) fn url_of(addr: SocketAddr) -> String {
    let ip = match addr.ip() {
        IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    match ip {
        IpAddr::V4(v4) => format!("http://{v4}:{}/", addr.port()),
        IpAddr::V6(v6) => format!("http://[{v6}]:{}/", addr.port()),
    }
}

/// Open `url` in the desktop's browser (without waiting for it): the program named by the
/// `BROWSER` environment variable when it is set (as `xdg-open` and Python honour it), else the
/// system's opener.
pub(crate) fn open_browser(url: &str) -> Result<()> {
    let browser = std::env::var_os("BROWSER").filter(|b| !b.is_empty());
    let mut command = if let Some(browser) = browser {
        std::process::Command::new(browser)
    } else if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    command
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .with_context(|| format!("cannot open a browser at {url}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_loopback_unless_named() {
        assert_eq!(host_address(None).unwrap(), IpAddr::V4(Ipv4Addr::LOCALHOST));
        assert_eq!(
            host_address(Some("localhost")).unwrap(),
            IpAddr::V4(Ipv4Addr::LOCALHOST)
        );
        assert_eq!(
            host_address(Some("0.0.0.0")).unwrap(),
            IpAddr::V4(Ipv4Addr::UNSPECIFIED)
        );
        assert_eq!(
            host_address(Some("[::1]")).unwrap(),
            IpAddr::V6(Ipv6Addr::LOCALHOST)
        );
        let err = host_address(Some("example.org")).unwrap_err().to_string();
        assert!(err.contains("--host wants an IP address"), "{err}");
    }

    #[test]
    fn a_taken_port_is_skipped_by_default_and_an_error_when_asked_for() {
        let taken = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
        let port = taken.local_addr().unwrap().port();
        let ip = IpAddr::V4(Ipv4Addr::LOCALHOST);
        if let Ok((_listener, chosen)) = first_free(ip, port, 20) {
            assert!(chosen > port, "{chosen} is not after {port}");
        }
        let err = bind(None, Some(port)).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("port {port} on 127.0.0.1 is taken; choose another --port or leave it out")
        );
        let err = first_free(ip, port, 1).unwrap_err().to_string();
        assert!(err.contains("are all taken"), "{err}");
    }

    #[test]
    fn port_zero_lets_the_system_choose() {
        let bound = bind(None, Some(0)).unwrap();
        let port = bound.listener.local_addr().unwrap().port();
        assert_ne!(port, 0);
        assert_eq!(bound.url, format!("http://127.0.0.1:{port}/"));
        assert!(bound.notes.is_empty());
    }

    #[test]
    fn urls_reach_unspecified_addresses_through_loopback() {
        assert_eq!(
            url_of("0.0.0.0:3000".parse().unwrap()),
            "http://127.0.0.1:3000/"
        );
        assert_eq!(url_of("[::]:3001".parse().unwrap()), "http://[::1]:3001/");
        assert_eq!(
            url_of("192.168.1.5:80".parse().unwrap()),
            "http://192.168.1.5:80/"
        );
    }

    #[test]
    fn other_hosts_are_warned_about() {
        let notes = exposure_notes(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        assert!(
            notes[0].starts_with("warning: listening on 0.0.0.0"),
            "{notes:?}"
        );
        assert!(exposure_notes(IpAddr::V6(Ipv6Addr::LOCALHOST)).is_empty());
    }
}
