"""The core's own messages (links, records, options, seeds, command line) in ja and en."""

from kassen.core import i18n

MESSAGES = {
    "ja": {
        "unknown_ruleset": "ルールセット「{ruleset}」はありません（あるもの: {known}）",
        "empty_build": "ビルドが空です",
        "input_too_long": "入力が長すぎます（{length}文字、上限{limit}文字）",
        "unknown_option": "オプション「{key}」はありません（あるもの: {known}）",
        "bad_option_value": "オプション「{key}」の値「{value}」は使えません（使える値: {allowed}）",
        "bad_option_syntax": "オプションは KEY=VALUE の形で指定してください: 「{text}」",
        "option_twice": (
            "オプション「{key}」が2回指定されています（「{first}」と「{second}」: 旧名と新名は同じ"
            "オプションです。どちらか一方にしてください）"
        ),
        "bad_seed": "シード「{seed}」は使えません: {reason}",
        "wrong_side_count": "陣営の数が違います（{count}、必要なのは{expected}）",
        "link_empty": "リンクが空です",
        "link_prefix": (
            "リンクは #m= （戦闘）、#b= （ビルド）、#t= （大会）か #g= （進行中のゲーム: "
            "python -m kassen play）で始まる必要があります"
        ),
        "link_version": "リンクの版「{version}」は読めません（読める版: {known}）",
        "link_too_long": "リンクが長すぎます（{length}文字、上限{limit}文字）",
        "link_base64": "リンクの符号化が壊れています（base64url として読めません）",
        "link_inflate": "リンクの圧縮データが壊れています",
        "link_too_large": "リンクを展開すると大きすぎます（上限{limit}バイト）",
        "link_json": "リンクの中身が JSON として読めません",
        "record_schema": "記録の項目「{field}」が不正です: {reason}",
        "record_engine": (
            "記録のエンジン版「{version}」はこのエンジン（{engine}）と違います（規則が同じなので再生します）"
        ),
        "record_ruleset_version": (
            "記録のルール版は「{version}」です。同じ規則の現在の版（{current}）で再生します"
        ),
        "record_rules_earlier": (
            "この記録はルール版「{version}」で作られました。その版の規則のまま再生します"
            "（現在の版は{current}で、初期設定が違います）"
        ),
        "choice_invalid": "記録の選択{index}番目「{answer}」はこの場面で選べません",
        "file_unreadable": "ファイル「{path}」を読めません: {reason}",
        "no_builds": "ビルドがありません",
        "needs_terminal": (
            "サイド{sides}は人が操作します（--policy human）が、ここは端末ではありません。"
            "端末で実行すると判断ごとに尋ねます。"
            "ページで遊ぶなら、ページのURLの後ろに {link} を付けて開きます。"
            "AIに任せるなら --policy {ai}"
        ),
        "unknown_sample": (
            "{ruleset}に見本「{name}」はありません"
            "（近い見本: {known}。一覧: python -m kassen rulesets {ruleset}）"
        ),
        "no_scheduler": "Daskのスケジューラ {address} を使えません: {reason}",
        "bad_json": "{field} が JSON として読めません（{reason}）",
        "bad_type": "{field} の形が違います: {expected} が必要です",
        "too_many_builds": "ビルドが多すぎます（{count}件、上限{limit}件）",
        "too_many_battles": (
            "戦闘が多すぎます（{count}戦、上限{limit}戦）。ビルドかシード数 K を減らしてください"
        ),
        "bad_count": "{field} は {low}〜{high} の整数です（{value}）",
        "bad_policy_count": "AI の指定は陣営ごとに1つ必要です（{count}個、必要なのは{expected}個）",
        "link_trailing": "リンクの後ろに余計な文字があります（{text}）",
        "record_rules_differ": (
            "記録のルール版「{version}」の規則はこの版（{current}）と違うため再生できません"
        ),
        "too_much_work": "この戦闘は作業量の上限を超えます（{what}が{limit}を超えます）",
        "answer_too_large": "この戦闘の結果は大きすぎて表示できません（{size}、上限{limit}）",
        "answer_too_large_at": (
            "この戦闘の結果は大きすぎて表示できません（{steps}ステップ目で上限{limit}を超えたので止めました）"
        ),
        "too_much_work_records": (
            "これらの記録は1回の呼び出しの作業量の上限を超えます（合計{limit}{what}を超えます。"
            "{count}件中{done}件を再生しました）"
        ),
        "work_steps": "ステップ",
        "work_events": "イベント",
        "link_trailing_data": "リンクの終わりの後ろに余計なデータが{count}バイトあります",
        "game_version_future": (
            "このゲームのリンクは新しい版（{version}）で作られました。このページが読めるのは版{known}まで"
            "です。ページを更新してください"
        ),
        "game_too_many_decisions": "ゲームの判断が多すぎます（{count}、上限{limit}）",
        "game_bad_decision": (
            "判断{index}番目（サイド{side}、「{question}」）の答え「{answer}」はその場面で選べません"
            "（リンクが壊れているか書き換えられています）"
        ),
        "game_extra_decision": "判断{index}番目「{answer}」はゲームが終わった後の判断です",
        "game_not_at_decision": (
            "ゲームが{n}番目の判断の後で判断待ちになりません（リンクが壊れています）"
        ),
        "game_wrong_side": (
            "リンクではサイド{side}の番ですが、記録ではサイド{actual}の番です（リンクが壊れています）"
        ),
        "game_not_person": "サイド{side}は人が操作していません",
        "game_no_decisions": "{ruleset}には人が下す判断がないので、人同士では遊べません",
        "play_needs_terminal": (
            "play は判断を端末で尋ねます。"
            "端末で実行するか、ページでリンクを開いて遊んでください: {link}"
        ),
        "record_took_over": (
            "サイド{side}は判断{index}番目からAIが操作しました（プレイヤーが離れました）"
        ),
        "seed_type": "シードは文字列か整数です",
        "seed_too_long": "{limit}文字より長いです",
        "seed_not_text": "文字として読めないもの（単独のサロゲートか、読めないバイト）があります",
        "seed_algorithm": "方式「{algorithm}」はありません（あるもの: xo1, mt1）",
        "name_chars": "名前に使えない文字があります: {chars}",
        "aborted_cap": "安全上限（{cap}）に達したため戦闘を打ち切りました",
        "bad_number": "{field} は {low}〜{high} の数です（{value}）",
        "bad_positive": "{field} は 0 より大きく {high} 以下の数です（{value}）",
        "waiting_workers": (
            "Daskのスケジューラ {address} にワーカーがいません。つながるのを待っています"
            "（{seconds}秒で諦めます）"
        ),
        "no_workers": (
            "Daskのスケジューラ {address} には{seconds}秒待ってもワーカーがいません。"
            "ワーカーを起動してください（dask worker {address}）"
        ),
        "workers_lost": (
            "Daskのスケジューラ {address} のワーカーがすべていなくなり、{seconds}秒待っても"
            "戻りませんでした"
        ),
        "task_failed": "Daskのワーカーで作業が失敗しました: {reason}",
        "too_much_lab_work": (
            "1回の呼び出しで対戦できるのは{limit}戦までです（{count}戦を求められました）"
        ),
        "seeds_unused": (
            "{ruleset} は決定的なシステムです。各組み合わせ・各席順で1戦だけ行います"
            "（シード数 K {seeds} は使いません）"
        ),
        "lab_field_first": "まずフィールド同士の総当たり（{count}戦）を行います",
        "tournament_unversioned": (
            "この大会リンクにはルール版がありません（版を持つ前に作られたリンクです）。"
            "現在のルール版 {current} で行います"
        ),
        "tournament_rules_differ": (
            "大会リンクのルール版「{version}」の規則はこの版（{current}）と違うため行えません"
        ),
        "event.aborted": "安全上限（{cap}）に達したため戦闘を打ち切りました",
    },
    "en": {
        "unknown_ruleset": "there is no ruleset {ruleset!r} (known: {known})",
        "empty_build": "the build is empty",
        "input_too_long": "input too long ({length} characters, limit {limit})",
        "unknown_option": "there is no option {key!r} (known: {known})",
        "bad_option_value": "option “{key}” cannot be {value!r} (allowed: {allowed})",
        "bad_option_syntax": "give options as KEY=VALUE: {text!r}",
        "option_twice": (
            "option “{key}” is given twice, as {first!r} and as {second!r} (an old name and the"
            " new one are the same option: give only one)"
        ),
        "bad_seed": "seed {seed!r} cannot be used: {reason}",
        "wrong_side_count": "wrong number of sides ({count}; {expected} needed)",
        "link_empty": "the link is empty",
        "link_prefix": (
            "a link starts with #m= (a battle), #b= (a build), #t= (a tournament) or #g= (a "
            "game in progress: python -m kassen play)"
        ),
        "link_version": "link version {version!r} cannot be read (readable: {known})",
        "link_too_long": "the link is too long ({length} characters, limit {limit})",
        "link_base64": "the link's encoding is broken (not base64url)",
        "link_inflate": "the link's compressed data is broken",
        "link_too_large": "the link inflates to more than {limit} bytes",
        "link_json": "the link's content is not JSON",
        "record_schema": "record field {field!r} is invalid: {reason}",
        "record_engine": (
            "the record was made by engine {version}, this is {engine} (replayed: the rules "
            "are the same)"
        ),
        "record_ruleset_version": (
            "the record was made with rules version {version}; it is replayed with the "
            "current {current}, which plays the same rules"
        ),
        "record_rules_earlier": (
            "this record was made with rules version {version} and is replayed under that "
            "version's rules (today's version {current} has other defaults)"
        ),
        "choice_invalid": "recorded choice #{index} ({answer!r}) is not allowed at that point",
        "file_unreadable": "cannot read file {path!r}: {reason}",
        "no_builds": "no builds given",
        "needs_terminal": (
            "side {sides} is played by a person (--policy human) but this is not a terminal: "
            "run it in a terminal to be asked each decision, play it in the page (open the "
            "page's URL followed by {link}), or let the AI play it (--policy {ai})"
        ),
        "unknown_sample": (
            "{ruleset} has no sample named {name!r} (nearest: {known}; "
            "list them: python -m kassen rulesets {ruleset})"
        ),
        "no_scheduler": "cannot use the Dask scheduler {address}: {reason}",
        "bad_json": "{field} is not JSON ({reason})",
        "bad_type": "{field} has the wrong shape: {expected} expected",
        "too_many_builds": "too many builds ({count}; at most {limit})",
        "too_many_battles": (
            "too many battles ({count}; at most {limit}): use fewer builds or a smaller K"
        ),
        "bad_count": "{field} must be a whole number from {low} to {high} ({value})",
        "bad_policy_count": "give one AI policy per side ({count} given, {expected} needed)",
        "link_trailing": "the link has extra text after it ({text!r})",
        "record_rules_differ": (
            "the record's rules version {version} plays differently from this version "
            "({current}), so it cannot be replayed"
        ),
        "too_much_work": "this battle needs more work than allowed (more than {limit} {what})",
        "answer_too_large": "this battle's result is too large to show ({size}, limit {limit})",
        "answer_too_large_at": (
            "this battle's result is too large to show (past the limit of {limit} at step "
            "{steps}, where it was stopped)"
        ),
        "too_much_work_records": (
            "these records need more work than one call allows (more than {limit} {what} in "
            "all; {done} of {count} records played)"
        ),
        "work_steps": "steps",
        "work_events": "events",
        "link_trailing_data": "the link has {count} byte(s) of extra data after its end",
        "game_version_future": (
            "this game link was made by a newer version ({version}); this page reads up to "
            "version {known}: reload the page"
        ),
        "game_too_many_decisions": "the game has too many decisions ({count}, limit {limit})",
        "game_bad_decision": (
            "decision {index} (side {side}, asked \"{question}\"): the answer {answer!r} cannot "
            "be chosen there (the link is broken or was altered)"
        ),
        "game_extra_decision": "decision {index} ({answer!r}) comes after the game has ended",
        "game_not_at_decision": (
            "the game does not wait for a decision after its {n} decisions (the link is broken)"
        ),
        "game_wrong_side": (
            "the link says it is side {side}'s move, but the record has side {actual} to move "
            "(the link is broken)"
        ),
        "game_not_person": "side {side} is not played by a person",
        "game_no_decisions": (
            "{ruleset} has no decisions for people to make: it cannot be played between people"
        ),
        "play_needs_terminal": (
            "play asks your decision in a terminal: run it in one, or open the link in the "
            "page to play there: {link}"
        ),
        "record_took_over": "the AI played side {side} from decision {index} on (its player left)",
        "seed_type": "a seed is text or a whole number",
        "seed_too_long": "seed longer than {limit} characters",
        "seed_not_text": (
            "the seed holds a character that is not text (a lone surrogate or an undecodable byte)"
        ),
        "seed_algorithm": "unknown seed algorithm {algorithm!r} (known: xo1, mt1)",
        "name_chars": "the name has characters that cannot be used: {chars}",
        "aborted_cap": "the battle was stopped at a safety cap ({cap})",
        "bad_number": "{field} must be a number from {low} to {high} ({value})",
        "bad_positive": "{field} must be a number above 0 and at most {high} ({value})",
        "waiting_workers": (
            "the Dask scheduler {address} has no workers: waiting for one (giving up after "
            "{seconds} s)"
        ),
        "no_workers": (
            "the Dask scheduler {address} had no workers for {seconds} s: start some "
            "(dask worker {address})"
        ),
        "workers_lost": (
            "every worker of the Dask scheduler {address} is gone and none came back within "
            "{seconds} s"
        ),
        "task_failed": "a task failed on the Dask workers: {reason}",
        "too_much_lab_work": (
            "one call may play at most {limit} battles ({count} asked for)"
        ),
        "seeds_unused": (
            "{ruleset} is deterministic: one battle per pairing and seating is played (seeds "
            "per pairing K {seeds} is not used)"
        ),
        "lab_field_first": "playing the field's own round robin first ({count} battles)",
        "tournament_unversioned": (
            "this tournament link carries no rules version (it was made before links did): "
            "it is played under the current rules version {current}"
        ),
        "tournament_rules_differ": (
            "the tournament link's rules version {version} plays differently from this "
            "version ({current}), so it cannot be played"
        ),
        "event.aborted": "Battle stopped at a safety cap ({cap})",
    },
}

i18n.register("core", MESSAGES)
