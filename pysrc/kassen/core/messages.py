"""The core's own messages (links, records, options, seeds, command line) in ja and en."""

from kassen.core import i18n

MESSAGES = {
    "ja": {
        "unknown_ruleset": "ルールセット「{ruleset}」はありません（あるもの: {known}）",
        "empty_build": "ビルドが空です",
        "input_too_long": "入力が長すぎます（{length}文字、上限{limit}文字）",
        "unknown_option": "オプション「{key}」はありません（あるもの: {known}）",
        "bad_option_value": "オプション「{key}」の値「{value}」は使えません（{allowed}）",
        "bad_option_syntax": "オプションは KEY=VALUE の形で指定してください: 「{text}」",
        "bad_seed": "シード「{seed}」は使えません: {reason}",
        "wrong_side_count": "陣営の数が違います（{count}、必要なのは{expected}）",
        "link_empty": "リンクが空です",
        "link_prefix": "リンクは #m= （戦闘）か #b= （ビルド）で始まる必要があります",
        "link_version": "リンクの版「{version}」は読めません（読める版: {known}）",
        "link_too_long": "リンクが長すぎます（{length}文字、上限{limit}文字）",
        "link_base64": "リンクの符号化が壊れています（base64url として読めません）",
        "link_inflate": "リンクの圧縮データが壊れています",
        "link_too_large": "リンクを展開すると大きすぎます（上限{limit}バイト）",
        "link_json": "リンクの中身が JSON として読めません",
        "record_schema": "記録の項目「{field}」が不正です: {reason}",
        "record_engine": "記録のエンジン版「{version}」はこのエンジン（{engine}）と違います",
        "record_ruleset_version": (
            "記録のルール版「{version}」は現在の版（{current}）と違います。結果が異なる場合があります"
        ),
        "choice_invalid": "記録の選択{index}番目「{answer}」はこの場面で選べません",
        "file_unreadable": "ファイル「{path}」を読めません: {reason}",
        "no_builds": "ビルドがありません",
        "no_scheduler": "Daskのスケジューラ {address} を使えません: {reason}",
        "aborted_cap": "安全上限（{cap}）に達したため戦闘を打ち切りました",
        "event.aborted": "安全上限（{cap}）に達したため戦闘を打ち切りました",
    },
    "en": {
        "unknown_ruleset": "there is no ruleset {ruleset!r} (known: {known})",
        "empty_build": "the build is empty",
        "input_too_long": "input too long ({length} characters, limit {limit})",
        "unknown_option": "there is no option {key!r} (known: {known})",
        "bad_option_value": "option {key!r} cannot be {value!r} ({allowed})",
        "bad_option_syntax": "give options as KEY=VALUE: {text!r}",
        "bad_seed": "seed {seed!r} cannot be used: {reason}",
        "wrong_side_count": "wrong number of sides ({count}; {expected} needed)",
        "link_empty": "the link is empty",
        "link_prefix": "a link starts with #m= (a battle) or #b= (a build)",
        "link_version": "link version {version!r} cannot be read (readable: {known})",
        "link_too_long": "the link is too long ({length} characters, limit {limit})",
        "link_base64": "the link's encoding is broken (not base64url)",
        "link_inflate": "the link's compressed data is broken",
        "link_too_large": "the link inflates to more than {limit} bytes",
        "link_json": "the link's content is not JSON",
        "record_schema": "record field {field!r} is invalid: {reason}",
        "record_engine": "the record was made by engine {version}, this is {engine}",
        "record_ruleset_version": (
            "the record's rules version {version} differs from the current {current}; "
            "results may differ"
        ),
        "choice_invalid": "recorded choice #{index} ({answer!r}) is not allowed at that point",
        "file_unreadable": "cannot read file {path!r}: {reason}",
        "no_builds": "no builds given",
        "no_scheduler": "cannot use the Dask scheduler {address}: {reason}",
        "aborted_cap": "the battle was stopped at a safety cap ({cap})",
        "event.aborted": "Battle stopped at a safety cap ({cap})",
    },
}

i18n.register("core", MESSAGES)
