# 디스코드에 등록하는 슬래시 명령의 글 (한국어): `/윷`과 하위 명령의 이름, 설명, 옵션, 선택지.
# 키는 en/registration.ftl의 설명을 보세요. 이름은 공백 없이 32자까지(소문자, 숫자, -, _, 한글),
# 설명과 선택지는 100자까지.

## /윷
reg-yut = 윷
reg-yut-desc = 윷놀이

## /윷 새판
reg-new = 새판
reg-new-desc = 이 채널에 새 판을 열어요
reg-new-mode = 방식
reg-new-mode-desc = 개인전 또는 2대2 팀전
reg-new-seats = 자리
reg-new-seats-desc = 개인전 자리 수 (2~4)
reg-new-preset = 규칙
reg-new-preset-desc = 규칙
reg-new-house-rules = 집안규칙
reg-new-house-rules-desc = 규칙에 더할 집안 규칙, 예: backdo=off finish=exact (/윷 규칙 옵션)
reg-new-pieces = 말
reg-new-pieces-desc = 편마다 말 수
reg-new-seconds = 초
reg-new-seconds-desc = 한 수에 주는 시간(초, 10~300)
reg-new-match-length = 승수
reg-new-match-length-desc = 승부에 필요한 승 수 (1~9)
reg-new-bots = 봇
reg-new-bots-desc = 처음부터 앉힐 봇 수 (0~3)
reg-new-bot-level = 봇실력
reg-new-bot-level-desc = 봇의 실력

## /윷 도전
reg-challenge = 도전
reg-challenge-desc = 다른 사람에게 도전 (1대1, 또는 짝과 함께 2대2)
reg-challenge-opponent = 상대
reg-challenge-opponent-desc = 도전할 상대
reg-challenge-partner = 짝
reg-challenge-partner-desc = 2대2: 내 짝 (두 번째 상대도 함께 고르세요)
reg-challenge-opponent2 = 상대2
reg-challenge-opponent2-desc = 2대2: 두 번째 상대
reg-challenge-preset = 규칙
reg-challenge-preset-desc = 규칙
reg-challenge-house-rules = 집안규칙
reg-challenge-house-rules-desc = 규칙에 더할 집안 규칙, 예: backdo=off finish=exact (/윷 규칙 옵션)

## /윷 참가
reg-join = 참가
reg-join-desc = 이 채널의 판에 참가해요

## /윷 나가기
reg-leave = 나가기
reg-leave-desc = 판에서 나가요 (시작한 판이면 봇이 대신해요)

## /윷 시작
reg-start = 시작
reg-start-desc = 판을 시작해요

## /윷 끝내기
reg-stop = 끝내기
reg-stop-desc = 판을 끝내요 (방장이나 관리자)

## /윷 판보기
reg-board = 판보기
reg-board-desc = 판을 새 메시지로 다시 보여 줘요

## /윷 규칙
reg-rules = 규칙
reg-rules-desc = 규칙을 간단히 알려 줘요
reg-rules-preset = 규칙
reg-rules-preset-desc = 규칙 (기본: 이 채널의 판, 없으면 기본 규칙)
reg-rules-options = 옵션
reg-rules-options-desc = /윷 새판에 쓸 수 있는 집안 규칙 옵션을 모두 보기

## /윷 전적
reg-stats = 전적
reg-stats-desc = 이 서버에서의 전적과 점수
reg-stats-user = 사람
reg-stats-user-desc = 누구의 전적 (기본: 나)

## /윷 순위
reg-leaderboard = 순위
reg-leaderboard-desc = 이 서버의 점수 순위
reg-leaderboard-mode = 방식
reg-leaderboard-mode-desc = 어떤 방식 (기본: 셋 다)
reg-leaderboard-season = 시즌
reg-leaderboard-season-desc = 지난 시즌, 예: 2026-11, 2026-Q3 (기본: 이번 시즌)

## /윷 설정
reg-settings = 설정
reg-settings-desc = 이 서버의 새 판 기본값 (바꾸려면 서버 관리 권한)
reg-settings-preset = 규칙
reg-settings-preset-desc = 기본 규칙
reg-settings-house-rules = 집안규칙
reg-settings-house-rules-desc = 기본 집안 규칙, 예: backdo=off finish=exact (none: 지우기)
reg-settings-seconds = 초
reg-settings-seconds-desc = 한 수에 주는 기본 시간(초, 10~300)
reg-settings-seasons = 시즌
reg-settings-seasons-desc = 점수 시즌: 시즌이 끝나면 순위를 보관하고 점수를 절반쯤 되돌려요
reg-settings-threads = 스레드
reg-settings-threads-desc = 판마다 스레드를 따로 열어 두기 (공개 스레드 만들기 권한 필요)
reg-settings-web = 웹
reg-settings-web-desc = 이 서버가 웹에 보여 줄 것: 실시간 관전과 다시 보기, 없음, 순위표까지
reg-settings-web-revoke = 웹-링크-새로
reg-settings-web-revoke-desc = 이 서버의 웹 링크를 새로 만들기: 전에 준 링크는 모두 더 이상 열리지 않음
reg-settings-reset = 초기화
reg-settings-reset-desc = 기본값을 모두 지우기

## /윷 다시보기
reg-replay = 다시보기
reg-replay-desc = 끝난 판을 다시 보기 (기본: 이 채널의 마지막 판), 기록 파일과 함께
reg-replay-game = 판
reg-replay-game-desc = 판 번호 (기본: 이 채널에서 마지막으로 끝난 판)

## /yut verify
reg-verify = 검증
reg-verify-desc = 판의 던지기 확인하기: 기록 파일을 붙이거나, 끝난 판 번호로
reg-verify-game = 판
reg-verify-game-desc = 이 서버에서 끝난 판의 번호
reg-verify-record = 기록
reg-verify-record-desc = 판 기록 파일 (/윷 다시보기가 주는 .json 파일)

## /윷 지난판
reg-history = 지난판
reg-history-desc = 이 서버의 최근 판과 다시 보기 버튼
reg-history-user = 사람
reg-history-user-desc = 이 사람이 한 판만

## /윷 윷점
reg-fortune = 윷점
reg-fortune-desc = 오늘의 윷점: 세 번 던져 64가지 점괘 중 하나를 읽어요

## /윷 도움말
reg-help = 도움말
reg-help-desc = 사용법

## 선택지.
reg-choice-mode-solo = 개인전
reg-choice-mode-teams = 2대2 팀전
reg-choice-family-1v1 = 1대1
reg-choice-family-teams = 2대2 팀전
reg-choice-family-ffa = 개인전 (3~4명)
reg-choice-season-monthly = 한 달마다
reg-choice-season-quarterly = 석 달마다
reg-choice-season-off = 끄기 (시즌 없음)
reg-choice-web-off = 보이지 않음
reg-choice-web-links = 실시간 관전과 다시 보기 (기본)
reg-choice-web-standings = 실시간 관전, 다시 보기와 순위표
reg-choice-preset-standard = 기본
reg-choice-preset-boardgame = 보드게임
reg-choice-preset-yunnori = 윷놀이
reg-choice-preset-nyout = 옛 규칙
reg-choice-pieces-2 = 말 2개
reg-choice-pieces-3 = 말 3개
reg-choice-pieces-4 = 말 4개
reg-choice-pieces-auto = 편 수에 따라
reg-choice-level-easy = 쉬움
reg-choice-level-normal = 보통
reg-choice-level-master = 어려움


## `/yut games`.
reg-games = 게임목록
reg-games-desc = 이 서버에서 진행 중인 게임과 대기실: 링크, 참가자, 차례.
reg-games-page = 쪽
reg-games-page-desc = 목록의 몇 쪽 (한 쪽에 10판).

## `/yut web`.
reg-web = 웹
reg-web-desc = 이 채널의 게임을 브라우저에서: 내 자리로 가는 나만의 링크.
## The member context menu (a user command).
reg-menu-challenge-member = 윷놀이 도전하기

## `/yut notify`.
reg-notify = 알림
reg-notify-desc = 내 차례를 알려 주는 방법: 채널에서 부르기, 개인 메시지, 둘 다, 또는 없음.
reg-notify-mode = 방법
reg-notify-mode-desc = 차례 알림을 받을 곳
reg-notify-half-time = 절반-지나면
reg-notify-half-time-desc = 행동 시간의 절반이 지났을 때만 (빨리 두면 알리지 않음)
reg-choice-notify-channel = 게임 채널에서 부르기 (기본)
reg-choice-notify-dm = 판 링크가 담긴 개인 메시지
reg-choice-notify-both = 둘 다
reg-choice-notify-none = 없음

## `/yut follow`.
reg-follow = 팔로우
reg-follow-desc = 플레이어 팔로우: 그 사람의 게임이 시작하고 끝날 때 개인 메시지. 팔로우 목록 보기와 지우기.
reg-follow-player = 플레이어
reg-follow-player-desc = 팔로우할 사람 (다시 고르면 팔로우 해제)
reg-follow-remove = 지우기
reg-follow-remove-desc = 목록에서 이 번호의 팔로우를 해제
reg-event = 대회
reg-event-desc = 이 채널에 대회를 열어요 (관리자): 멤버가 참가하고 봇이 라운드마다 대진을 짜요.
reg-event-name = 이름
reg-event-name-desc = 대회 이름
reg-event-rounds = 라운드
reg-event-rounds-desc = 라운드 수 (1~15, 기본 5)
reg-event-format = 방식
reg-event-format-desc = 스위스(기본), 싱글/더블 엘리미네이션, 리그전, 개인전 테이블
reg-event-mode = 모드
reg-event-mode-desc = 한 사람씩(기본) 또는 2대2 팀
reg-event-best-of = 다선승
reg-event-best-of-desc = 엘리미네이션과 리그전의 한 경기 판 수 (1~7, 기본 1)
reg-event-preset = 규칙
reg-event-preset-desc = 판의 규칙 프리셋 (기본: 서버 규칙)
reg-event-seconds = 초
reg-event-seconds-desc = 판에서 한 번 두는 데 주는 초 (10~300)
reg-event-check-in = 체크인
reg-event-check-in-desc = 1라운드 전에 참가자가 체크인해야 해요
reg-event-no-show = 불참기준
reg-event-no-show-desc = 판에 나타나지 않으면 기권패가 되는 시간(분, 기본 5)
reg-event-cap = 정원
reg-event-cap-desc = 받는 참가자 수 최대
reg-event-rated = 레이팅
reg-event-rated-desc = 판이 시즌 레이팅에 반영돼요 (기본: 예)
reg-event-team = 대회-팀
reg-event-team-desc = 이 채널의 2대2 대회에 파트너와 함께 신청해요 (파트너가 수락)
reg-event-team-partner = 파트너
reg-event-team-partner-desc = 함께할 파트너
reg-event-team-name = 이름
reg-event-team-name-desc = 팀 이름
reg-event-admin = 대회-관리
reg-event-admin-desc = 이 채널의 대회를 관리해요: 멈춤, 재개, 결과, 실격 (관리자)
reg-event-admin-action = 동작
reg-event-admin-action-desc = 할 일
reg-event-admin-member = 멤버
reg-event-admin-member-desc = 결과: 승자(또는 이긴 팀의 멤버), 실격: 실격될 사람
reg-event-admin-reason = 사유
reg-event-admin-reason-desc = 대회 기록에 남길 이유
reg-choice-event-swiss = 스위스 방식
reg-choice-event-single = 싱글 엘리미네이션
reg-choice-event-double = 더블 엘리미네이션
reg-choice-event-robin = 리그전
reg-choice-event-pause = 멈춤
reg-choice-event-resume = 재개
reg-choice-event-result = 결과 정하기
reg-choice-event-disqualify = 실격
reg-choice-event-cancel = 취소
reg-choice-event-tables = 개인전 테이블 (한 판 3~4명)
reg-event-round-length = 라운드간격
reg-event-round-length-desc = 라운드 사이 간격(분, 예: 1440은 하루에 한 라운드; 기본: 바로)
