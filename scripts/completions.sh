#!/bin/sh
# Prints kitctl's completion script for one shell: bash, zsh or fish.
# Usage: scripts/completions.sh SHELL [KITCTL]
#
# fish 3.x (Debian 12 has 3.6) cannot run `commandline -tC`, which swift-argument-parser's fish
# script uses to pass the cursor position to kitctl's own completers (tags, place names). The
# cursor is at the end of the current token when Tab is pressed, so its length is used instead;
# this works on fish 3 and 4 alike. fish matches completions against the typed token itself, so a
# 초성 query (ㅉ for 짜파게티) completes in bash and zsh, not in fish.
set -eu
shell="$1"
kitctl="${2:-kitctl}"
# The descriptions are English whatever the locale of the build: the script is installed once for
# every user (kitctl's help follows LC_MESSAGES).
LC_ALL=C.UTF-8
export LC_ALL
case "$shell" in
fish)
    "$kitctl" --generate-completion-script fish |
        sed 's/(__kitctl_tokens -tC)/(string length -- "$(commandline -ct)")/g'
    ;;
bash)
    # A 초성 query (ㅉ for 짜파게티) matches names that do not begin with it: kitctl's own
    # completers match it, and bash must not filter their answers by prefix again.
    # bash sources the script: its #!/bin/bash line is dropped (lintian's bash-completion-with-hashbang).
    "$kitctl" --generate-completion-script bash |
        sed -e '1{/^#!/d;}' \
            -e 's/__kitctl_add_completions -W "$(__kitctl_custom_complete/__kitctl_add_custom_completions "$(__kitctl_custom_complete/'
    cat <<'EOS'

__kitctl_add_custom_completions() {
    if [[ "${cur}" == *@(ㄱ|ㄲ|ㄴ|ㄷ|ㄸ|ㄹ|ㅁ|ㅂ|ㅃ|ㅅ|ㅆ|ㅇ|ㅈ|ㅉ|ㅊ|ㅋ|ㅌ|ㅍ|ㅎ)* ]]; then
        local completion
        while IFS='' read -r completion; do
            [[ -n "${completion}" ]] && COMPREPLY+=("${completion}")
        done <<< "${1}"
    else
        __kitctl_add_completions -W "${1}"
    fi
}
EOS
    ;;
zsh)
    # The same for zsh: the names a 초성 query matched are offered as they are (compadd -U).
    "$kitctl" --generate-completion-script zsh |
        sed 's/^        __kitctl_complete "${completions\[@\]:0:-1}"$/        if [[ "${PREFIX}" == *(ㄱ|ㄲ|ㄴ|ㄷ|ㄸ|ㄹ|ㅁ|ㅂ|ㅃ|ㅅ|ㅆ|ㅇ|ㅈ|ㅉ|ㅊ|ㅋ|ㅌ|ㅍ|ㅎ)* ]]; then compadd -U -- "${(@)${(@)completions[1,-2]}%%:*}"; else __kitctl_complete "${completions[@]:0:-1}"; fi/'
    ;;
*)
    echo "usage: $0 bash|zsh|fish [kitctl]" >&2
    exit 1
    ;;
esac
